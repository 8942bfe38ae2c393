import { readFileSync } from 'node:fs';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Reads a Dockerfile into stages of instructions (line continuations joined, comments dropped). */
export const readDockerfile = (file = 'Dockerfile'): { args: Instruction[]; stages: Stage[] } => {
  const logical = readFileSync(file, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') {
      const [from = '', , name] = instruction.args.split(' ');
      stages.push({ from, ...(name ? { name } : {}), instructions: [] });
    } else if (stages.length === 0) {
      args.push(instruction);
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { args, stages };
};

/** The exec-form (JSON array) of ENTRYPOINT, CMD or `HEALTHCHECK … CMD`. */
export const execForm = (args: string): string[] => {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
};

/** `ENV A=1 B=2` lines of a stage, as one record. */
export const stageEnv = (stage: Stage): Record<string, string> =>
  Object.fromEntries(
    stage.instructions
      .filter((i) => i.keyword === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)].map((m) => [m[1]!, m[2]!])),
  );
