// memory_terms.cpp: placeholder, filled by its owner.
#include "core/estimator.h"
