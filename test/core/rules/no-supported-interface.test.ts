import { ruleFixtureTests } from './harness';

ruleFixtureTests('no-supported-interface');
