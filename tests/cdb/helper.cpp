// helper.cpp - a C++ unit: racehunt names it in a note and treats helper_version as unknown
extern "C" int helper_version()
{
    static const int versions[] = {1};
    return versions[0];
}
