#include "clibedit.h"
