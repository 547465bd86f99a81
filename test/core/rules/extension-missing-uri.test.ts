import { ruleFixtureTests } from './harness';

ruleFixtureTests('extension-missing-uri');
