#include "clibedit.h"
#include "clibedit_editor.h"

#include <stdlib.h>
#include <string.h>

/* The terminal's keys that arrive as escape sequences (ESC [ … or ESC O …), turned
   into one key code each before libedit sees them. libedit would otherwise match
   them through its key-sequence tree, which makes Escape a prefix key: in vi insert
   mode Escape then waits for the rest of a sequence and swallows the next key, and a
   sequence it does not know (Ctrl-Left, PageUp) leaves its tail typed into the line. */

/* The xterm modifier of a key (1 + shift 1, alt 2, ctrl 4), from its parameters. */
static int modifier_of(const char *parameters, char final) {
    const char *separator = strchr(parameters, ';');
    if (separator != NULL) return atoi(separator + 1);
    /* Old xterm and some emulators send ESC [ 5 D for Ctrl-Left. */
    if (parameters[0] != '\0' && strchr("ABCD", final) != NULL) return atoi(parameters);
    return 1;
}

/* The key code of an arrow `final` pressed with `modifier`: left and right with
   Ctrl or Alt move by word. */
static int arrow(char final, int modifier) {
    int word = modifier > 1 && ((modifier - 1) & 6) != 0;
    switch (final) {
    case 'A': return CLIBEDIT_KEY_UP;
    case 'B': return CLIBEDIT_KEY_DOWN;
    case 'C': return word ? CLIBEDIT_KEY_WORD_RIGHT : CLIBEDIT_KEY_RIGHT;
    case 'D': return word ? CLIBEDIT_KEY_WORD_LEFT : CLIBEDIT_KEY_LEFT;
    case 'H': return CLIBEDIT_KEY_HOME;
    case 'F': return CLIBEDIT_KEY_END;
    default: return CLIBEDIT_KEY_NONE;
    }
}

int clibedit_key_of_csi(const char *parameters, char final) {
    if (final == '~') {
        switch (atoi(parameters)) {
        case 1:
        case 7: return CLIBEDIT_KEY_HOME;
        case 4:
        case 8: return CLIBEDIT_KEY_END;
        case 3: return CLIBEDIT_KEY_DELETE;
        case 200: return CLIBEDIT_KEY_PASTE_START;
        case 201: return CLIBEDIT_KEY_PASTE_END;
        default: return CLIBEDIT_KEY_NONE; /* Insert, PageUp, PageDown, function keys */
        }
    }
    return arrow(final, modifier_of(parameters, final));
}

int clibedit_key_of_ss3(char final) {
    switch (final) {
    /* rxvt: ESC O c and ESC O d for Ctrl-Right and Ctrl-Left. */
    case 'c': return CLIBEDIT_KEY_WORD_RIGHT;
    case 'd': return CLIBEDIT_KEY_WORD_LEFT;
    default: return arrow(final, 1);
    }
}
