import { ruleFixtureTests } from './harness';

ruleFixtureTests('invalid-interface-url');
