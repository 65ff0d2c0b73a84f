/* text_escape.h - names and strings that come from the analysed program,
 * made safe to print on a terminal and in the text report.
 */
#ifndef RH_TEXT_ESCAPE_H
#define RH_TEXT_ESCAPE_H

/* s with control characters, DEL, C1 controls and the backslash written as
 * C escapes (\n, \x1b), so it prints as one line and sends the terminal
 * nothing; owned by the caller, NULL for NULL. */
char *rh_text_escape(const char *s);

#endif
