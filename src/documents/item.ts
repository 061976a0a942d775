/** GenesysItem: roll data that sees the owner's characteristics, so weapon formulas can use @forza. */
export class GenesysItem<SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  override getRollData(): Record<string, unknown> {
    const own: Record<string, unknown> = { ...super.getRollData() };
    const actorData = this.actor ? this.actor.getRollData() : {};
    return { ...actorData, item: own };
  }
}
