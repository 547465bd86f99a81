import { ruleFixtureTests } from './harness';

ruleFixtureTests('duplicate-skill-id');
