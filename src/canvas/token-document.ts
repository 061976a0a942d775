/**
 * GenesysTokenDocument: lets the Token HUD edit the derived bars (src/canvas/token-bars.ts). Core marks a bar
 * editable only when its value is a stored number field (foundryvtt/foundryvtt#8715 and #8907; pf2e#10957 is a
 * derived bar left read-only), so a bar derived from Ferite and Fatica would get a disabled input; Lancer
 * (Eranziel/foundryvtt-lancer src/module/token.ts) and the Investigator system override getBarAttribute the same way.
 * What an edit means is GenesysActor.modifyTokenAttribute's. Registered as CONFIG.Token.documentClass.
 */
import { isDerivedBar } from "./token-bars.js";

export class GenesysTokenDocument extends foundry.documents.TokenDocument {
  override getBarAttribute(barName: string, options?: TokenDocument.GetBarAttributeOptions): TokenDocument.GetBarAttributeReturn {
    const bar = super.getBarAttribute(barName, options);
    return bar?.type === "bar" && isDerivedBar(bar.attribute) ? { ...bar, editable: true } : bar;
  }
}
