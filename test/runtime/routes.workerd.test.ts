import { workerdTarget } from '../support/route-targets.ts';
import { defineRouteSuite } from './route-suite.ts';

defineRouteSuite('workerd', workerdTarget);
