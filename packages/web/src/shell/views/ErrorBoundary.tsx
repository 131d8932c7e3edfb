/**
 * A view that throws while drawing is replaced by a notice with a retry, and the error goes to
 * the error log; the rest of the shell keeps working. Where nobody is there to press the button
 * (a wall display), `retryAfterMs` draws the view again by itself.
 */
import { Button, Result } from 'antd';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logError } from '../errorLog';

function Crashed({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('shell.crash.title')}
      subTitle={t('shell.crash.text')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('shell.crash.retry')}
        </Button>
      }
    />
  );
}

interface Props {
  readonly children: ReactNode;
  /** Retry by itself after this long, or (a function) when it says so for the current page. */
  readonly retryAfterMs?: number | (() => number | null);
}

export default class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };
  #timer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const stack = [error.stack, info.componentStack].filter(Boolean).join('\n');
    logError(Object.assign(new Error(error.message), { stack }));
    const { retryAfterMs } = this.props;
    const after = typeof retryAfterMs === 'function' ? retryAfterMs() : retryAfterMs;
    if (after !== undefined && after !== null && this.#timer === null) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.setState({ failed: false });
      }, after);
    }
  }

  override componentWillUnmount(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
  }

  override render() {
    return this.state.failed ? (
      <Crashed onRetry={() => this.setState({ failed: false })} />
    ) : (
      this.props.children
    );
  }
}
