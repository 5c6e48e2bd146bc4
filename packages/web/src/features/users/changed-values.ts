/** The values of the fields the user changed (react-hook-form's dirtyFields), for an edit call. */
export function changedValues<T extends Record<string, unknown>>(
  values: T,
  dirty: Partial<Record<keyof T, unknown>>,
): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (dirty[key]) out[key] = values[key];
  }
  return out;
}
