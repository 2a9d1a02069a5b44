/** The note beside a spec example that breaks its schema (worded by `exampleProblemNote`). */
export function ExampleNote({ note }: { note: string }) {
  return (
    <p className="sx-example-note" role="note">
      {note}
    </p>
  );
}
