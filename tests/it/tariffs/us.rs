//! Harmonized Tariff Schedule of the United States: MFN (column 1 General) rates pinned by hand from the USITC HTS export JSON, 2026 Revision 10 (2026HTSRev10).

use super::Pin;

/// Each `row` is the official file's row (code | description | rate as printed), abridged.
pub const PINS: &[Pin] = &[
    // Food (04-22)
    Pin {
        code: "01042000",
        mfn: "0.68 USD/item",
        row: "0104.20.00.00 | Goats | 68¢/head",
    },
    Pin {
        code: "04061008",
        mfn: "1.509 USD/kg",
        row: "0406.10.08.00 | Fresh cheese ... Other | $1.509/kg",
    },
    Pin {
        code: "04071100",
        mfn: "0.028 USD/dozen",
        row: "0407.11.00.00 | Of fowls of the species Gallus domesticus | 2.8¢/doz.",
    },
    Pin {
        code: "04090000",
        mfn: "0.019 USD/kg",
        row: "0409.00.00 | Natural honey | 1.9¢/kg",
    },
    Pin {
        code: "06011015",
        mfn: "0.000896 USD/item",
        row: "0601.10.15.00 | Tulip bulbs | 89.6¢/1000",
    },
    Pin {
        code: "09012100",
        mfn: "0%",
        row: "0901.21.00 | Not decaffeinated | Free",
    },
    Pin {
        code: "15092020",
        mfn: "0.05 USD/kg_with_container",
        row: "1509.20.20 | Extra virgin olive oil > Weighing with the immediate container under 18 kg | 5¢/kg on contents and container",
    },
    Pin {
        code: "17011205",
        mfn: "0.036606 USD/kg + ?less_per_degree_under_100 min 0.03143854 USD/kg",
        row: "1701.12.05.00 | Described in general note 15 ... | 3.6606¢/kg less 0.020668¢/kg for each degree under 100 degrees (and fractions of a degree in proportion) but not less than 3.143854¢/kg",
    },
    Pin {
        code: "18063206",
        mfn: "0.372 USD/kg + 4.3%",
        row: "1806.32.06.00 | Not filled > ... Containing less than 21 percent by weight of milk solids | 37.2¢/kg + 4.3%",
    },
    Pin {
        code: "18063290",
        mfn: "6%",
        row: "1806.32.90.00 | Not filled > ... Other | 6%",
    },
    Pin {
        code: "19053100",
        mfn: "0%",
        row: "1905.31.00 | Sweet biscuits | Free",
    },
    Pin {
        code: "20091100",
        mfn: "0.0785 USD/l",
        row: "2009.11.00 | Orange juice > Frozen | 7.85¢/liter",
    },
    Pin {
        code: "22042150",
        mfn: "0.063 USD/l",
        row: "2204.21.50 | In containers holding 2 liters or less > ... Other | 6.3¢/liter",
    },
    Pin {
        code: "22043000",
        mfn: "0.044 USD/l + 0.314 USD/l_proof",
        row: "2204.30.00.00 | Other grape must | 4.4¢/liter + 31.4¢/pf. liter",
    },
    Pin {
        code: "22083030",
        mfn: "0%",
        row: "2208.30.30 | Whiskies > Irish and Scotch | Free",
    },
    Pin {
        code: "22084020",
        mfn: "0.237 USD/l_proof",
        row: "2208.40.20.00 | Rum ... Valued not over $3 per proof liter | 23.7¢/pf.liter",
    },
    // Mineral fuels, metals
    Pin {
        code: "27090010",
        mfn: "0.0525 USD/bbl",
        row: "2709.00.10.00 | Testing under 25 degrees A.P.I. | 5.25¢/bbl",
    },
    Pin {
        code: "78011000",
        mfn: "?pct_on_lead_content",
        row: "7801.10.00.00 | Refined lead | 2.5% on the value of the lead content",
    },
    // Cosmetics (33)
    Pin {
        code: "33030030",
        mfn: "0%",
        row: "3303.00.30.00 | Perfumes and toilet waters > Containing alcohol | Free",
    },
    Pin {
        code: "33041000",
        mfn: "0%",
        row: "3304.10.00.00 | Lip make-up preparations | Free",
    },
    Pin {
        code: "33072000",
        mfn: "4.9%",
        row: "3307.20.00.00 | Personal deodorants and antiperspirants | 4.9%",
    },
    // Leather goods, glass, jewellery
    Pin {
        code: "42022160",
        mfn: "10%",
        row: "4202.21.60.00 | Handbags, outer surface of leather > Valued not over $20 each | 10%",
    },
    Pin {
        code: "42029231",
        mfn: "17.6%",
        row: "4202.92.31 | ... Of man-made fibers | 17.6%",
    },
    Pin {
        code: "70052908",
        mfn: "0.187 USD/m2",
        row: "7005.29.08 | Float glass ... Other | 18.7¢/m2",
    },
    Pin {
        code: "71131950",
        mfn: "5.5%",
        row: "7113.19.50 | Of other precious metal ... Other | 5.5%",
    },
    // Apparel (61, 62)
    Pin {
        code: "61032200",
        mfn: "?see_note",
        row: "6103.22.00 | Ensembles: Of cotton | The rate applicable to each garment in the ensemble if separately entered",
    },
    Pin {
        code: "61046220",
        mfn: "14.9%",
        row: "6104.62.20 | Of cotton > Other | 14.9%",
    },
    Pin {
        code: "61091000",
        mfn: "16.5%",
        row: "6109.10.00 | T-shirts ...: Of cotton | 16.5%",
    },
    Pin {
        code: "61102020",
        mfn: "16.5%",
        row: "6110.20.20 | Sweaters ...: Of cotton > Other | 16.5%",
    },
    Pin {
        code: "61159590",
        mfn: "13.5%",
        row: "6115.95.90.00 | Hosiery, of cotton > Other (332) | 13.5%",
    },
    Pin {
        code: "62014040",
        mfn: "0.495 USD/kg + 19.6%",
        row: "6201.40.40 | ... Other > Containing 36 percent or more by weight of wool or fine animal hair | 49.5¢/kg + 19.6%",
    },
    Pin {
        code: "62034245",
        mfn: "16.6%",
        row: "6203.42.45 | Trousers ..., of cotton > ... Other | 16.6%",
    },
    Pin {
        code: "62046280",
        mfn: "16.6%",
        row: "6204.62.80 | Trousers ..., of cotton > ... Other | 16.6%",
    },
    Pin {
        code: "62052020",
        mfn: "19.7%",
        row: "6205.20.20 | Men's shirts, of cotton > Other | 19.7%",
    },
    Pin {
        code: "62121090",
        mfn: "16.9%",
        row: "6212.10.90 | Brassieres > Other | 16.9%",
    },
    // Headgear, footwear (64, 65)
    Pin {
        code: "64021950",
        mfn: "0.76 USD/pair + 32%",
        row: "6402.19.50 | Sports footwear, Other > Valued over $3 but not over $6.50/pair | 76¢/pr. + 32%",
    },
    Pin {
        code: "64021990",
        mfn: "9%",
        row: "6402.19.90 | Sports footwear, Other > Valued over $12/pair | 9%",
    },
    Pin {
        code: "64039990",
        mfn: "10%",
        row: "6403.99.90 | ... Valued over $2.50/pair | 10%",
    },
    Pin {
        code: "64041190",
        mfn: "20%",
        row: "6404.11.90 | Sports footwear ... Valued over $12/pair | 20%",
    },
    Pin {
        code: "64041939",
        mfn: "37.5%",
        row: "6404.19.39 | ... Other | 37.5%",
    },
    Pin {
        code: "65050008",
        mfn: "0.135 USD/kg + 6.3% + 0.019 USD/item",
        row: "6505.00.08.00 | ... Other | 13.5¢/kg + 6.3% + 1.9¢/article",
    },
    // Ceramics (69)
    Pin {
        code: "69111080",
        mfn: "20.8%",
        row: "6911.10.80 | Tableware and kitchenware of porcelain or china > Other | 20.8%",
    },
    Pin {
        code: "69119000",
        mfn: "5.4%",
        row: "6911.90.00 | Other | 5.4%",
    },
    Pin {
        code: "69120044",
        mfn: "10%",
        row: "6912.00.44.00 | Ceramic tableware (other than porcelain) ... Mugs and other steins | 10%",
    },
    Pin {
        code: "69120048",
        mfn: "9.8%",
        row: "6912.00.48 | Ceramic tableware ... Other | 9.8%",
    },
    Pin {
        code: "69120050",
        mfn: "6%",
        row: "6912.00.50.00 | Other | 6%",
    },
    // Tools, machines, electronics (82-85)
    Pin {
        code: "82015000",
        mfn: "0.01 USD/item + 2.8%",
        row: "8201.50.00.00 | Secateurs and similar one-handed pruners and shears | 1¢ each + 2.8%",
    },
    Pin {
        code: "84713001",
        mfn: "0%",
        row: "8471.30.01.00 | Portable automatic data processing machines, weighing not more than 10 kg | Free",
    },
    Pin {
        code: "85044095",
        mfn: "0%",
        row: "8504.40.95 | Static converters > Other | Free",
    },
    Pin {
        code: "85163100",
        mfn: "3.9%",
        row: "8516.31.00.00 | Hair dryers | 3.9%",
    },
    Pin {
        code: "85171300",
        mfn: "0%",
        row: "8517.13.00.00 | Smartphones | Free",
    },
    Pin {
        code: "85183020",
        mfn: "0%",
        row: "8518.30.20.00 | Headphones and earphones > Other | Free",
    },
    Pin {
        code: "85437098",
        mfn: "2.6%",
        row: "8543.70.98 | Other | 2.6%",
    },
    // Bicycles (8712), sunglasses (9004)
    Pin {
        code: "87120015",
        mfn: "11%",
        row: "8712.00.15 | Bicycles having both wheels not exceeding 63.5 cm in diameter | 11%",
    },
    Pin {
        code: "87120025",
        mfn: "5.5%",
        row: "8712.00.25.00 | If weighing less than 16.3 kg complete without accessories ... | 5.5%",
    },
    Pin {
        code: "87120050",
        mfn: "3.7%",
        row: "8712.00.50.00 | Other cycles | 3.7%",
    },
    Pin {
        code: "90041000",
        mfn: "2%",
        row: "9004.10.00.00 | Sunglasses | 2%",
    },
    Pin {
        code: "90049000",
        mfn: "2.5%",
        row: "9004.90.00 | Other | 2.5%",
    },
    // Watches and clocks (91)
    Pin {
        code: "91011140",
        mfn: "0.51 USD/item + ?pct_on_case_and_strap + ?pct_on_battery",
        row: "9101.11.40 | Having no jewels or only one jewel in the movement | 51¢ each + 6.25% on the case and strap, band or bracelet + 5.3% on the battery",
    },
    Pin {
        code: "91021110",
        mfn: "0.44 USD/item + ?pct_on_case + ?pct_on_strap + ?pct_on_battery",
        row: "9102.11.10 | ... With gold- or silver-plated case | 44¢ each + 6% on the case + 14% on the strap, band or bracelet + 5.3% on the battery",
    },
    Pin {
        code: "91059910",
        mfn: "0.17 USD/item + 2.5% + 0.01 USD/jewel",
        row: "9105.99.10.00 | Standard marine chronometers having spring-detent escapements | 17¢ each + 2.5% + 1¢/jewel",
    },
    Pin {
        code: "91089050",
        mfn: "2.16 USD/item",
        row: "9108.90.50.00 | Measuring not over 15.2 mm | $2.16 each",
    },
    Pin {
        code: "91109040",
        mfn: "4.3% + 0.017 USD/jewel + 0.002 USD/other_piece max ?complete_movement_if_plates",
        row: "9110.90.40.00 | Consisting of two or more pieces or parts fastened or joined together | 4.3% + 1.7¢/jewel + 0.2¢ for each other piece or part, but if consisting in part of a plate or a set of plates the total duty shall not exceed the duty for the complete movement",
    },
    Pin {
        code: "91139040",
        mfn: "7.2%",
        row: "9113.90.40.00 | Watch straps ... Of textile material | 7.2%",
    },
    // Furniture (94), toys (95), miscellaneous (96)
    Pin {
        code: "94016160",
        mfn: "0%",
        row: "9401.61.60 | Upholstered > Other | Free",
    },
    Pin {
        code: "94036080",
        mfn: "0%",
        row: "9403.60.80 | Other wooden furniture > Other | Free",
    },
    Pin {
        code: "94042100",
        mfn: "3%",
        row: "9404.21.00 | Mattresses: Of cellular rubber or plastics | 3%",
    },
    Pin {
        code: "95030000",
        mfn: "0%",
        row: "9503.00.00 | Tricycles, scooters, ... other toys | Free",
    },
    Pin {
        code: "95045000",
        mfn: "0%",
        row: "9504.50.00.00 | Video game consoles and machines | Free",
    },
    Pin {
        code: "95066280",
        mfn: "4.8%",
        row: "9506.62.80 | Inflatable balls > Other | 4.8%",
    },
    Pin {
        code: "96091000",
        mfn: "0.14 USD/gross + 4.3%",
        row: "9609.10.00.00 | Pencils and crayons, with leads encased in a sheath | 14¢/gross + 4.3%",
    },
];
