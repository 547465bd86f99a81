import { ruleFixtureTests } from './harness';

ruleFixtureTests('schema');
