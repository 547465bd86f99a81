import { ruleFixtureTests } from './harness';

ruleFixtureTests('insecure-interface-url');
