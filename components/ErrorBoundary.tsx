import { Component, type ReactNode } from "react";
import { ErrorView } from "./ErrorView.tsx";

interface Props {
  children: ReactNode;
  /** Called with each caught error; the island runtime reports it. */
  onError?: (error: unknown) => void;
}

/**
 * Wraps every island: a render error shows the spec's error display instead
 * of a blank page. "Try Again" re-renders the island; "Reload Page" reloads.
 * A class component because hooks cannot catch render errors (preact/compat
 * supports the same two lifecycle methods). Its texts are in the page's
 * language: it sits inside the island's TextsProvider (components/Island.tsx,
 * islands/runtime/hydrate.tsx), and every island reads the "frame" area.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    if (this.state.failed) return <ErrorView onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
