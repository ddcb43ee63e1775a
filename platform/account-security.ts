/**
 * What the login and passcode routes need beyond the shared services: the
 * password hashing cost, the mailbox passcodes are sent to, the throttles, the
 * clock they run on, who a request comes from, and the work done after
 * answering. Made once per core.
 */
import type { Context } from 'hono';
import { BackgroundWork } from './background-work.ts';
import { clientAddress, trustedProxySet } from './client-address.ts';
import type { Mailbox } from './mailbox.ts';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from './secrets.ts';
import { AttemptThrottle, type Clock, type ThrottlePolicy } from './throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The throttle policies (see throttle.ts for how a policy reads). A client is
 * its address (see client-address.ts): behind a trusted proxy, the address the
 * proxy reports; behind an untrusted one, the proxy itself, so the per-client
 * limits are looser than the per-account ones.
 */
const THROTTLE_POLICIES = {
  /**
   * Failed logins per account (the email as typed, known or not) and client: 5, then 1 s, 2 s, 4 s ... up to
   * 15 min. Keyed by both, so failures from other clients never lock the account's owner out.
   */
  loginFailuresByAccountAndClient: { freeAttempts: 5, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  /** Failed logins and wrong passcodes per client address: 20, then the same back-off. */
  failuresByClient: { freeAttempts: 20, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  /** Passcode requests per account: one, then 1 min, 2 min ... up to 15 min (a passcode's lifetime) before the next. */
  passcodeRequestsByAccount: { freeAttempts: 1, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /** Passcode requests per client address: 10, then 1 min, doubling up to 15 min. */
  passcodeRequestsByClient: { freeAttempts: 10, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
} as const satisfies Record<string, ThrottlePolicy>;

/** Wrong passcodes a passcode survives: the fifth wrong try voids it. */
export const PASSCODE_MAX_FAILED_ATTEMPTS = 5;

type ThrottleName = keyof typeof THROTTLE_POLICIES;

export interface AccountSecurity {
  readonly clock: Clock;
  readonly passwordHashCost: ScryptCost;
  readonly mailbox: Mailbox;
  readonly background: BackgroundWork;
  readonly throttles: { readonly [name in ThrottleName]: AttemptThrottle };
  /** The client a request comes from (the key of the per-client throttles). */
  client(c: Context): string;
}

export function createAccountSecurity(options: {
  readonly mailbox: Mailbox;
  readonly log: (line: string) => void;
  readonly clock?: Clock | undefined;
  readonly passwordHashCost?: ScryptCost | undefined;
  /** Peers whose `Ask-Client-Address` header is believed (the proxy's addresses); none by default. */
  readonly trustedProxies?: readonly string[] | undefined;
}): AccountSecurity {
  const clock = options.clock ?? Date.now;
  const trustedProxies = trustedProxySet(options.trustedProxies ?? []);
  const throttle = (policy: ThrottlePolicy) => new AttemptThrottle(policy, clock);
  return {
    clock,
    passwordHashCost: options.passwordHashCost ?? DEFAULT_SCRYPT_COST,
    mailbox: options.mailbox,
    background: new BackgroundWork(options.log),
    throttles: {
      loginFailuresByAccountAndClient: throttle(THROTTLE_POLICIES.loginFailuresByAccountAndClient),
      failuresByClient: throttle(THROTTLE_POLICIES.failuresByClient),
      passcodeRequestsByAccount: throttle(THROTTLE_POLICIES.passcodeRequestsByAccount),
      passcodeRequestsByClient: throttle(THROTTLE_POLICIES.passcodeRequestsByClient),
    },
    client: (c) => clientAddress(c, trustedProxies),
  };
}

/** The throttle key of an account: its email as the lookup compares it, so known and unknown addresses are keyed alike. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The throttle key of one client's attempts on one account. */
export function accountClientKey(account: string, client: string): string {
  return JSON.stringify([account, client]);
}
