import { ruleFixtureTests } from './harness';

ruleFixtureTests('valid');
