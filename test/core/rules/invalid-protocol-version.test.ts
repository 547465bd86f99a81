import { ruleFixtureTests } from './harness';

ruleFixtureTests('invalid-protocol-version');
