// A select's options from a closed list; the value shows itself unless a label says otherwise.
export function Options<V extends string>({ values, label }: { values: readonly V[]; label?: (value: V) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label ? label(value) : value}
    </option>
  ));
}
