/**
 * Beside a form filled from a spec example that breaks its schema: what is wrong with it, in the
 * reference page's words (`FormStore.exampleNote`); the inline validation marks the fields.
 */
export function ExampleNote({ note }: { note: string | undefined }) {
  if (!note) return null;
  return (
    <p className="sx-pg-example-note" role="note">
      {note}
    </p>
  );
}
