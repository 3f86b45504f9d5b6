import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router-dom';
import { RouteError } from '@/app/route-error';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  failure: { error: unknown } | null;
  location: Location;
}

/** What a root route's `errorElement` did: a screen that throws shows RouteError until the reader goes elsewhere. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}
