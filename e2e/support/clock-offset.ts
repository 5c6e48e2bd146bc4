/**
 * Preloaded (`node --import tsx --import`) into a server that a scenario starts itself: moves the process's
 * clock PALISADE_E2E_CLOCK_OFFSET_MS ahead, so that what is owed after a time (an unread chat's
 * digest) is owed at once, without waiting. `Date.now()` and `new Date()` read the moved clock;
 * dates made from a value are untouched, and `instanceof Date` holds for every date.
 */
const offset = Number(process.env.PALISADE_E2E_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget: NewableFunction) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object;
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver: unknown) {
      if (property === 'now') return now;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

export {};
