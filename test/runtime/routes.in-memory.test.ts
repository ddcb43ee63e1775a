import { inMemoryTarget } from '../support/route-targets.ts';
import { defineRouteSuite } from './route-suite.ts';

defineRouteSuite('in-memory', inMemoryTarget);
