/**
 * Fills `{{name}}` placeholders of a prompt template. Pure; an unknown or unfilled
 * placeholder is a bug in the template, so it throws instead of sending a broken prompt.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`prompt template placeholder {{${name}}} has no value`);
    return value;
  });
}
