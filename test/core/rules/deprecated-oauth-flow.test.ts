import { ruleFixtureTests } from './harness';

ruleFixtureTests('deprecated-oauth-flow');
