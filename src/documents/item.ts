/** GenesysItem: roll data that sees the owner's characteristics, so weapon formulas can use @forza. */
import { approveOnCreation, KEEP_APPROVALS } from "../effects/effect-approval.js";

export class GenesysItem<SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  override getRollData(): Record<string, unknown> {
    const own: Record<string, unknown> = { ...super.getRollData() };
    const actorData = this.actor ? this.actor.getRollData() : {};
    return { ...actorData, item: own };
  }

  /** A Narrator's new item counts with its effects at once (effects/effect-approval.ts). */
  protected override async _preCreate(...args: Parameters<Item<SubType>["_preCreate"]>): ReturnType<Item<SubType>["_preCreate"]> {
    const [, options, user] = args;
    if (user.isGM) approveOnCreation(this, (options as Record<string, unknown>)[KEEP_APPROVALS] === true);
    return super._preCreate(...args);
  }
}
