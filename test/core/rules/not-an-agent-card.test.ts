import { ruleFixtureTests } from './harness';

ruleFixtureTests('not-an-agent-card');
