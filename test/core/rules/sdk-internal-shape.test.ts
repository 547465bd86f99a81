import { ruleFixtureTests } from './harness';

ruleFixtureTests('sdk-internal-shape');
