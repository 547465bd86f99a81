import { ruleFixtureTests } from './harness';

ruleFixtureTests('interface-url-operation-path');
