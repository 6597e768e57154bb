/**
 * The password of an account the CLI creates, never from the command line (ps and the shell
 * history keep arguments): from HUBI_PASSWORD for scripts, else typed at a prompt that does not
 * echo when stdin is a terminal, else the first line piped on stdin.
 */
import readline from "node:readline";

export const PASSWORD_ENV = "HUBI_PASSWORD";

export const PASSWORD_FLAG_REFUSED =
  "--password is not accepted: the command line is visible to other users (ps) and kept in the shell history. " +
  `Type the password at the prompt, pipe it on standard input, or set ${PASSWORD_ENV}.`;

/** Whether the arguments try to pass a password (`--password X` or `--password=X`). */
export const passesPasswordFlag = (args: string[]) => args.some((a) => a === "--password" || a.startsWith("--password="));

export async function readPassword(): Promise<string> {
  const fromEnv = process.env[PASSWORD_ENV];
  const password = fromEnv !== undefined ? fromEnv : process.stdin.isTTY ? await prompt("Password: ") : await firstLineOfStdin();
  if (!password) throw new Error(`No password given: type it at the prompt, pipe it on standard input, or set ${PASSWORD_ENV}.`);
  return password;
}

async function firstLineOfStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

/** A prompt on stderr (stdout carries the JSON result) that does not echo what is typed. */
function prompt(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  let muted = false;
  const write = (rl as unknown as { _writeToOutput(s: string): void })._writeToOutput.bind(rl);
  (rl as unknown as { _writeToOutput(s: string): void })._writeToOutput = (s) => {
    if (!muted) write(s);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}
