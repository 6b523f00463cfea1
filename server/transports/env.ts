/**
 * The environment a spawned target gets: a small allow-list from ours (enough to find programs,
 * locate home and temp, keep the locale) plus exactly what the user set. Everything else — tokens,
 * cloud credentials, our own settings — stays out.
 */

const ALLOWED = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
  'TERM',
  'SHELL',
  'XDG_RUNTIME_DIR',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  // Windows needs these for nearly any program to start.
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
]);

export function isInheritable(name: string): boolean {
  const upper = name.toUpperCase();
  return ALLOWED.has(upper) || upper.startsWith('LC_');
}

export function childEnv(
  user: Record<string, string> = {},
  parent: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const env = new Map<string, string>();
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && isInheritable(name)) env.set(name, value);
  }
  for (const [name, value] of Object.entries(user)) env.set(name, value);
  return Object.fromEntries(env);
}
