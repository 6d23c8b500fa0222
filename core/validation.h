#pragma once
// Validation of the estimator against measured peaks (ground-truth records, schema v1).
// API owned by the validation work (issue 4); see docs/accuracy.md.
