import fc from 'fast-check';

// A failing property is shrunk by running its predicate again and again; with an expensive
// predicate that can take longer than a CI run. Bound every property (shrinking included) so a
// failure is reported, as a failure, within a minute.
fc.configureGlobal({ interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true });
