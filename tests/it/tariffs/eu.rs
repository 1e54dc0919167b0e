//! EU Common External Tariff (CN 2020, third-country duty): MFN rates pinned by hand from the UK Global Tariff data file (uktrade/global-uk-tariff @ ab1e602, global-uk-tariff.csv, column cet_duty_rate).

use super::Pin;

/// Each `row` is the official file's row (code | description | rate as printed), abridged.
pub const PINS: &[Pin] = &[
    // Food, chapters 04-21
    Pin {
        code: "04061030",
        mfn: "1.852 EUR/kg",
        row: "04061030 | Fresh Mozzarella, fat content <= 40% | 185.20 EUR / 100 kg",
    },
    Pin {
        code: "04069021",
        mfn: "1.671 EUR/kg",
        row: "04069021 | Cheddar (excl. grated or powdered and for processing) | 167.10 EUR / 100 kg",
    },
    Pin {
        code: "04021091",
        mfn: "1.19 EUR/kg_lactic_matter + 0.275 EUR/kg",
        row: "04021091 | Milk and cream in solid forms, fat <= 1,5%, sweetened | 1.19 EUR / kg / lactic matter + 27.50 EUR / 100 kg",
    },
    Pin {
        code: "04090000",
        mfn: "17.3%",
        row: "04090000 | Natural honey | 17.3%",
    },
    Pin {
        code: "02023090",
        mfn: "12.8% + 3.041 EUR/kg",
        row: "02023090 | Frozen bovine boneless meat | 12.80% + 304.10 EUR / 100 kg",
    },
    Pin {
        code: "02071410",
        mfn: "1.024 EUR/kg",
        row: "02071410 | Frozen boneless cuts of fowls of the species Gallus domesticus | 102.40 EUR / 100 kg",
    },
    Pin {
        code: "07020000",
        mfn: "?entry_price",
        row: "07020000 | Tomatoes, fresh or chilled | Entry Price",
    },
    Pin {
        code: "07104000",
        mfn: "5.1% + 0.094 EUR/kg_net_drained",
        row: "07104000 | Sweetcorn, frozen | 5.10% + 9.40 EUR / 100 kg / net drained wt",
    },
    Pin {
        code: "08054000",
        mfn: "1.5% + ?seasonal",
        row: "08054000 | Fresh or dried grapefruit | 1.50% (01 JAN-30 APR, 01 NOV-31 DEC), 2.40% (01 MAY-31 OCT)",
    },
    Pin {
        code: "08081010",
        mfn: "7.2% min 0.0036 EUR/kg",
        row: "08081010 | Fresh cider apples, in bulk, from 16 September to 15 December | 7.2 MIN 0.36 EUR/100 kg",
    },
    Pin {
        code: "09012100",
        mfn: "7.5%",
        row: "09012100 | Roasted coffee (excl. decaffeinated) | 7.5%",
    },
    Pin {
        code: "09021000",
        mfn: "3.2%",
        row: "09021000 | Green tea in immediate packings of <= 3 kg | 3.2%",
    },
    Pin {
        code: "1001990040",
        mfn: "0.095 EUR/kg",
        row: "1001990040 | Wheat and meslin - Medium quality common wheat | 95.00 EUR / tonne",
    },
    Pin {
        code: "1001990015",
        mfn: "0%",
        row: "1001990015 | Wheat and meslin - High quality common wheat - Other | 0.00 EUR / tonne",
    },
    Pin {
        code: "17011210",
        mfn: "0.339 EUR/kg_standard_quality",
        row: "17011210 | Raw beet sugar, for refining | 33.90 EUR / 100 kg / std qual",
    },
    Pin {
        code: "17029095",
        mfn: "0.4 EUR/kg_sucrose",
        row: "17029095 | Sugars in solid form, incl. invert sugar | 0.40 EUR / 100 kg / net/% sacchar.",
    },
    Pin {
        code: "18069019",
        mfn: "8.3% + ?EA max 18.7% + ?ADSZ",
        row: "18069019 | Chocolates, whether or not filled, not containing alcohol | 8.30% + EA MAX 18.70% + ADSZ",
    },
    Pin {
        code: "19053205",
        mfn: "9% + ?EA max 20.7% + ?ADFM",
        row: "19053205 | Waffles and wafers of a water content > 10% | 9.00% + EA MAX 20.70% + ADFM",
    },
    Pin {
        code: "20091200",
        mfn: "12.2%",
        row: "20091200 | Orange juice, unfermented, Brix value <= 20 | 12.2%",
    },
    Pin {
        code: "20091911",
        mfn: "33.6% + 0.206 EUR/kg",
        row: "20091911 | Orange juice, Brix value > 67, value <= 25 GBP per 100 kg | 33.60% + 20.60 EUR / 100 kg",
    },
    Pin {
        code: "20096911",
        mfn: "40% + 1.21 EUR/l + 0.206 EUR/kg",
        row: "20096911 | Grape juice, Brix value > 67, value <= 18 GBP per 100 kg | 40.00% + 121.00 EUR / hl + 20.60 EUR / 100 kg",
    },
    Pin {
        code: "21069030",
        mfn: "0.427 EUR/kg_dry_matter",
        row: "21069030 | Flavoured or coloured isoglucose syrups | 42.70 EUR / 100 kg / net dry",
    },
    // Drinks and tobacco, chapters 22, 24
    Pin {
        code: "2204218010",
        mfn: "0.131 EUR/l",
        row: "2204218010 | Wine produced in EU, containers <= 2 l, <= 15% vol | 13.10 EUR / hl",
    },
    Pin {
        code: "2204218090",
        mfn: "0.154 EUR/l",
        row: "2204218090 | Wine produced in EU, containers <= 2 l, <= 15% vol | 15.40 EUR / hl",
    },
    Pin {
        code: "22089091",
        mfn: "1 EUR/l_alc + 0.064 EUR/l",
        row: "22089091 | Undenatured ethyl alcohol, < 80% vol, containers <= 2 l | 1.00 EUR / % vol / hl + 6.40 EUR / hl",
    },
    Pin {
        code: "24011060",
        mfn: "11.2% min 0.22 EUR/kg max 0.56 EUR/kg",
        row: "24011060 | Sun-cured oriental type tobacco, unstemmed | 11.20% MIN 22.00 EUR / 100 kg MAX 56.00 EUR / 100 kg",
    },
    Pin {
        code: "24022090",
        mfn: "57.6%",
        row: "24022090 | Cigarettes, containing tobacco (excl. cloves) | 57.6%",
    },
    // Fuels and the rest of a split CN8 (chapter 27)
    Pin {
        code: "27101948",
        mfn: "3.5%",
        row: "27101948 | Gas oils, sulphur content > 0,1% | 3.5%",
    },
    Pin {
        code: "2710194810",
        mfn: "0%",
        row: "2710194810 | Gas oils, sulphur content > 0,1% | 0.0%",
    },
    // Cosmetics, chapter 33; soap 34
    Pin {
        code: "33030010",
        mfn: "0%",
        row: "33030010 | Perfumes (excl. aftershave lotions and personal deodorants) | 0.0%",
    },
    Pin {
        code: "33049900",
        mfn: "0%",
        row: "33049900 | Beauty or make-up preparations and preparations for the care of the skin | 0.0%",
    },
    Pin {
        code: "33051000",
        mfn: "0%",
        row: "33051000 | Shampoos | 0.0%",
    },
    Pin {
        code: "34013000",
        mfn: "4%",
        row: "34013000 | Organic surface-active products for washing the skin, liquid or cream | 4.0%",
    },
    // Bags, chapter 42; glass 70; jewellery 71
    Pin {
        code: "42022210",
        mfn: "9.7%",
        row: "42022210 | Handbags, outer surface of plastic sheeting | 9.7%",
    },
    Pin {
        code: "57011090",
        mfn: "8% max 2.8 EUR/m2",
        row: "57011090 | Carpets of wool or fine animal hair | 8.00% MAX 2.80 EUR / m2",
    },
    Pin {
        code: "70031299",
        mfn: "3.8% min 0.006 EUR/kg_gross",
        row: "70031299 | Cast glass and rolled glass, non-wired sheets, body tinted | 3.80% MIN 0.60 EUR / 100 kg / gross",
    },
    Pin {
        code: "71171900",
        mfn: "4%",
        row: "71171900 | Imitation jewellery, of base metal | 4.0%",
    },
    // Apparel, chapters 61, 62
    Pin {
        code: "61091000",
        mfn: "12%",
        row: "61091000 | T-shirts, singlets and other vests of cotton, knitted or crocheted | 12.0%",
    },
    Pin {
        code: "61044200",
        mfn: "12%",
        row: "61044200 | Women's or girls' dresses of cotton, knitted or crocheted | 12.0%",
    },
    Pin {
        code: "61102099",
        mfn: "12%",
        row: "61102099 | Women's or girls' jerseys, pullovers, cardigans, of cotton, knitted | 12.0%",
    },
    Pin {
        code: "62034231",
        mfn: "12%",
        row: "62034231 | Men's or boys' trousers and breeches of cotton denim | 12.0%",
    },
    Pin {
        code: "62046231",
        mfn: "12%",
        row: "62046231 | Women's or girls' cotton denim trousers and breeches | 12.0%",
    },
    Pin {
        code: "62052000",
        mfn: "12%",
        row: "62052000 | Men's or boys' shirts of cotton | 12.0%",
    },
    // Footwear, chapter 64
    Pin {
        code: "64029190",
        mfn: "16.9%",
        row: "64029190 | Footwear covering the ankle, outer soles and uppers of rubber or plastics | 16.9%",
    },
    Pin {
        code: "64039118",
        mfn: "8%",
        row: "64039118 | Women's footwear, outer soles of rubber, uppers of leather, covering the ankle | 8.0%",
    },
    Pin {
        code: "64039198",
        mfn: "5%",
        row: "64039198 | Women's footwear, uppers of leather, covering the ankle | 5.0%",
    },
    Pin {
        code: "64041100",
        mfn: "16.9%",
        row: "64041100 | Sports footwear, uppers of textile materials | 16.9%",
    },
    // Ceramics, chapter 69
    Pin {
        code: "69111000",
        mfn: "12%",
        row: "69111000 | Tableware and kitchenware, of porcelain or china | 12.0%",
    },
    Pin {
        code: "69120023",
        mfn: "5.5%",
        row: "69120023 | Tableware and kitchenware, of stoneware | 5.5%",
    },
    Pin {
        code: "69120025",
        mfn: "9%",
        row: "69120025 | Tableware and kitchenware, of earthenware or fine pottery | 9.0%",
    },
    // Electronics, chapter 85
    Pin {
        code: "85044055",
        mfn: "0%",
        row: "85044055 | Accumulator chargers | 0.0%",
    },
    Pin {
        code: "85076000",
        mfn: "2.7%",
        row: "85076000 | Lithium-ion accumulators (excl. spent) | 2.7%",
    },
    Pin {
        code: "85171200",
        mfn: "0%",
        row: "85171200 | Telephones for cellular networks mobile telephones | 0.0%",
    },
    Pin {
        code: "85183000",
        mfn: "0%",
        row: "85183000 | Headphones and earphones | 0.0%",
    },
    Pin {
        code: "85287240",
        mfn: "14%",
        row: "85287240 | Reception apparatus for television, colour, with LCD screen | 14.0%",
    },
    Pin {
        code: "85165000",
        mfn: "5%",
        row: "85165000 | Microwave ovens | 5.0%",
    },
    // Bicycles 8712, sunglasses 9004, watches 91
    Pin {
        code: "87120030",
        mfn: "14%",
        row: "87120030 | Bicycles, not motorised, with ball bearings | 14.0%",
    },
    Pin {
        code: "87120070",
        mfn: "15%",
        row: "87120070 | Cycles, not motorised (excl. bicycles with ball bearings) | 15.0%",
    },
    Pin {
        code: "90041091",
        mfn: "2.9%",
        row: "90041091 | Sunglasses with lenses of plastics, not optically worked | 2.9%",
    },
    Pin {
        code: "91021100",
        mfn: "4.5% min 0.3 EUR/item max 0.8 EUR/item",
        row: "91021100 | Wrist-watches, electrically operated, with mechanical display only | 4.50% MIN 0.30 EUR / item MAX 0.80 EUR / item",
    },
    Pin {
        code: "91082000",
        mfn: "5% min 0.17 EUR/item",
        row: "91082000 | Watch movements, complete and assembled, with automatic winding | 5.00% MIN 0.17 EUR / item",
    },
    Pin {
        code: "91111000",
        mfn: "0.5 EUR/item min 2.7% max 4.6%",
        row: "91111000 | Cases for wrist-watches, of precious metal | 0.50 EUR / item MIN 2.70% MAX 4.60%",
    },
    Pin {
        code: "91052100",
        mfn: "4.7%",
        row: "91052100 | Wall clocks, electrically operated | 4.7%",
    },
    // Furniture, chapter 94
    Pin {
        code: "94015300",
        mfn: "5.6%",
        row: "94015300 | Seats of rattan | 5.6%",
    },
    Pin {
        code: "94036010",
        mfn: "0%",
        row: "94036010 | Wooden furniture for dining rooms and living rooms | 0.0%",
    },
    Pin {
        code: "94042910",
        mfn: "3.7%",
        row: "94042910 | Mattresses with spring interiors | 3.7%",
    },
    // Toys and games, chapter 95
    Pin {
        code: "95030041",
        mfn: "4.7%",
        row: "95030041 | Stuffed toys representing animals or non-human creatures | 4.7%",
    },
    Pin {
        code: "95030069",
        mfn: "4.7%",
        row: "95030069 | Puzzles (excl. of wood) | 4.7%",
    },
    Pin {
        code: "95045000",
        mfn: "0%",
        row: "95045000 | Video game consoles and machines | 0.0%",
    },
    Pin {
        code: "95066200",
        mfn: "2.7%",
        row: "95066200 | Inflatable balls | 2.7%",
    },
];
