/**
 * `a2acap check --format codequality`: the same results as the SARIF report (one per problem or note, on the
 * lockfile member it is about; a lockfile that could not be checked is one `lockfile-error`), as a GitLab Code
 * Quality report (core/report/codequality.ts).
 */
import { buildCodeQuality } from '../../report/codequality';
import type { RefreshOutcome } from '../types';
import { checkEntries } from './sarif';
import { machineJson } from '../../report/machineJson';

export function codeQualityReport(outcomes: readonly RefreshOutcome[], displayPath: (p: string) => string): string {
  return `${machineJson(buildCodeQuality(checkEntries(outcomes, displayPath)), 2)}\n`;
}
