import { ruleFixtureTests } from './harness';

ruleFixtureTests('security-requirement-shape');
