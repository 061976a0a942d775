/** A skill's short name as a person reads it, for when no skill item carries it: "armi_da_mischia" → "Armi da mischia". */
export function slugAsName(slug: string): string {
  const words = slug.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : slug;
}
