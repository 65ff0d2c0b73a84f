# racehunt.py - BenchExec tool-info module for racehunt (SV-COMP NoDataRace).
#
# Copy this file into benchexec/tools/ (or put its folder on PYTHONPATH and
# name the tool "racehunt" in the benchmark definition).  racehunt must be
# on PATH or in ./build/ relative to the tool directory.
import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """racehunt: data race detector for C/pthreads (static, bmc, dynamic engines)."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("racehunt", subdir="build")

    def name(self):
        return "racehunt"

    def version(self, executable):
        return self._version_from_tool(executable, "--version").split()[1]

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "--svcomp", "--witness=witness.graphml"] + list(options)
        model = (task.options or {}).get("data_model")
        if model in ("ILP32", "LP64"):
            cmd.append("--data-model=" + model)
        if rlimits.cputime and not any(o.startswith("--timeout") for o in options):
            # leave time for start-up and the report
            cmd.append("--timeout=%d" % max(1, int(rlimits.cputime * 0.9)))
        return cmd + [task.single_input_file]

    def determine_result(self, run):
        for line in reversed(run.output):
            line = line.strip()
            if line == "RESULT: true":
                return result.RESULT_TRUE_PROP
            if line == "RESULT: false(no-data-race)":
                return result.RESULT_FALSE_DATARACE
            if line == "RESULT: unknown":
                return result.RESULT_UNKNOWN
        return result.RESULT_ERROR
