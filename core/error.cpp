// error.cpp: placeholder, filled by its owner.
#include "core/estimator.h"
