import type { StatePath } from '@sextant/request';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { errorAt, type FormValidation, VALID } from '../../core/form/form-validation.js';

const FormErrorsContext = createContext<FormValidation>(VALID);

/** Gives the inputs below it their schema errors, by form path. */
export function FormErrors({ validation, children }: { validation: FormValidation; children: ReactNode }) {
  return <FormErrorsContext.Provider value={validation}>{children}</FormErrorsContext.Provider>;
}

/** The error of the input at `path`: its message, the message's id, and the attributes the input gets. */
export function useFieldError(path: StatePath) {
  const validation = useContext(FormErrorsContext);
  const id = useId();
  const message = errorAt(validation, path);
  return {
    message,
    id,
    attributes: message
      ? { 'aria-invalid': true as const, 'aria-describedby': id }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined },
  };
}

/** The message under an input (absent when the value is valid). */
export function FieldErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="sx-pg-field-error">
      {message}
    </p>
  );
}

export type ErrorAttributes = ReturnType<typeof useFieldError>['attributes'];

/** A single input with its error message below it. */
export function Leaf({
  path,
  children,
}: {
  path: StatePath;
  children: (attributes: ErrorAttributes) => ReactNode;
}) {
  const { message, id, attributes } = useFieldError(path);
  return (
    <>
      {children(attributes)}
      <FieldErrorText id={id} message={message} />
    </>
  );
}
