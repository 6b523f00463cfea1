/** A dialect template's step as message text: the probe sends the same handshake the builder offers. */
import type { DialectProfile } from '../dialects/types';

export function templateText(profile: DialectProfile, templateId: string, step: number, idJson?: string): string {
  const s = profile.templates.find((t) => t.id === templateId)?.steps[step];
  if (!s) throw new Error(`${profile.id} has no template step ${templateId}[${step}]`);
  return profile.render(s, idJson === undefined ? {} : { id: JSON.parse(idJson) as string | number });
}
