import { ruleFixtureTests } from './harness';

ruleFixtureTests('suspicious-text');
