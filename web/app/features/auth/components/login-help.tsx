import { LOGIN_HELP, loginHelpTopic } from "~/lib/auth-messages";

/** The red error of the sign-in form with the troubleshooting list that goes with it. */
export function LoginError({ message, id }: { message: string; id: string }) {
  const topic = loginHelpTopic(message);
  const help = topic ? LOGIN_HELP[topic] : null;
  return (
    <div id={id} role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-inset ring-red-200">
      <p className="font-semibold">{message}</p>
      {help && (
        <div className="mt-3">
          <p className="font-medium">{help.title}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {help.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
