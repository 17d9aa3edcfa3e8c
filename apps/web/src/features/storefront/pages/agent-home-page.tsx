import { RequireAccount } from './require-account';
import { EnrollmentHome } from './enrollment-home-page';
import { RepHome } from '../rep-home/rep-home';

/** /agent-home: the signed-in rep: the Start Enrollment flow, then the rep's book of business. */
export function AgentHomePage() {
  return (
    <RequireAccount role="rep">
      {(me) => (
        <>
          <EnrollmentHome kind="rep" me={me} />
          <RepHome />
        </>
      )}
    </RequireAccount>
  );
}
