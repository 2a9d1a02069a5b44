/**
 * An error boundary for the parts of the playground that render untrusted shapes (the
 * response body, the OpenRPC parameters form): a rendering error shows a fallback message in an
 * alert instead of taking the whole explorer down.
 */
import { asError } from '@sextant/definition/errors';
import { Component, type ReactNode } from 'react';

interface Props {
  /** The message shown above the error, e.g. "Error rendering OpenRPC parameters form". */
  message: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: asError(error) };
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="sx-pg-alert sx-pg-error" role="alert" data-testid="error-fallback">
        <span>
          {this.props.message}: {this.state.error.message}
        </span>
      </div>
    );
  }
}
