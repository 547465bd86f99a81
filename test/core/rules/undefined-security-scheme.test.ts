import { ruleFixtureTests } from './harness';

ruleFixtureTests('undefined-security-scheme');
