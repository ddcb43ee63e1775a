/**
 * What the login and passcode routes need beyond the shared services: the
 * password hashing cost, the mailbox passcodes are sent to, the throttles, the
 * clock they run on, and the work done after answering. Made once per core.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { BackgroundWork } from './background-work.ts';
import type { Mailbox } from './mailbox.ts';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from './secrets.ts';
import { AttemptThrottle, type Clock, type ThrottlePolicy } from './throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The throttle policies (see throttle.ts for how a policy reads). Behind the
 * proxy every client has the proxy's address, so the per-client limits are
 * looser than the per-account ones: they cap a whole proxy, not a person.
 */
export const THROTTLE_POLICIES = {
  /** Failed logins per account (the email as typed, known or not): 5, then 1 s, 2 s, 4 s ... up to 15 min. */
  loginFailuresByAccount: { freeAttempts: 5, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  /** Failed logins and wrong passcodes per client address: 20, then the same back-off. */
  failuresByClient: { freeAttempts: 20, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  /** Passcode requests per account: one, then 1 min, 2 min ... up to 15 min (a passcode's lifetime) before the next. */
  passcodeRequestsByAccount: { freeAttempts: 1, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /** Passcode requests per client address: 10, then 1 min, doubling up to 15 min. */
  passcodeRequestsByClient: { freeAttempts: 10, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
} as const satisfies Record<string, ThrottlePolicy>;

/** Wrong passcodes a passcode survives: the fifth wrong try voids it. */
export const PASSCODE_MAX_FAILED_ATTEMPTS = 5;

export type ThrottleName = keyof typeof THROTTLE_POLICIES;

export interface AccountSecurity {
  readonly clock: Clock;
  readonly passwordHashCost: ScryptCost;
  readonly mailbox: Mailbox;
  readonly background: BackgroundWork;
  readonly throttles: { readonly [name in ThrottleName]: AttemptThrottle };
}

export function createAccountSecurity(options: {
  readonly mailbox: Mailbox;
  readonly log: (line: string) => void;
  readonly clock?: Clock | undefined;
  readonly passwordHashCost?: ScryptCost | undefined;
}): AccountSecurity {
  const clock = options.clock ?? Date.now;
  const throttle = (policy: ThrottlePolicy) => new AttemptThrottle(policy, clock);
  return {
    clock,
    passwordHashCost: options.passwordHashCost ?? DEFAULT_SCRYPT_COST,
    mailbox: options.mailbox,
    background: new BackgroundWork(options.log),
    throttles: {
      loginFailuresByAccount: throttle(THROTTLE_POLICIES.loginFailuresByAccount),
      failuresByClient: throttle(THROTTLE_POLICIES.failuresByClient),
      passcodeRequestsByAccount: throttle(THROTTLE_POLICIES.passcodeRequestsByAccount),
      passcodeRequestsByClient: throttle(THROTTLE_POLICIES.passcodeRequestsByClient),
    },
  };
}

/** The throttle key of an account: its email as the lookup compares it, so known and unknown addresses are keyed alike. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The client's address as the platform sees it (the TCP peer; behind the proxy,
 * the proxy). Forwarded headers are not trusted: anyone can send them.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Served without a Node socket (an in-process `app.request`): all such callers share one key.
    return 'unknown';
  }
}
