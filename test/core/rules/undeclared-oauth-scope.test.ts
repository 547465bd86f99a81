import { ruleFixtureTests } from './harness';

ruleFixtureTests('undeclared-oauth-scope');
