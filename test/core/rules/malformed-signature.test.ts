import { ruleFixtureTests } from './harness';

ruleFixtureTests('malformed-signature');
