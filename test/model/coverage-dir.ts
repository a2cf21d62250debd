import { join } from "node:path"

/** Where each model test file writes the coverage it recorded (coverage.ts), read by scripts/model-coverage.ts. */
export const COVERAGE_DIR = process.env.MODEL_COVERAGE_DIR ?? join("test-results", "model-coverage")
