import { useCallback } from 'react';
import { useParams } from 'react-router';
import { withLanding } from '../../../config/paths';

/** Builds a path under the landing-name prefix of the current page, when there is one. */
export function useLandingPath() {
  const { landing } = useParams();
  return useCallback((path: string) => withLanding(path, landing), [landing]);
}
