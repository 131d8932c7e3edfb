/** Words of the rules tab: the page engine, the shared fields, and one file per editor area. */
import fields from './fields';
import logic from './logic';
import lora from './lora';
import meters from './meters';
import page from './page';
import scene from './scene';
import schedule from './schedule';
import trigger from './trigger';

export default { fields, logic, lora, meters, page, scene, schedule, trigger };
