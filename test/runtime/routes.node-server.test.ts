import { nodeServerTarget } from '../support/route-targets.ts';
import { defineRouteSuite } from './route-suite.ts';

defineRouteSuite('node-server', nodeServerTarget);
